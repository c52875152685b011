import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { isObjectType, lexicographicSortSchema, printSchema, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { FIELD_RESOLVERS, RESOLVERS } from './resolvers.js';

/**
 * type-graphql's own pub/sub is not used: every subscription subscribes through the live topic
 * registry (graphql/live.ts, pubsub/topics.ts), so a `topics`-based @Subscription fails loudly.
 */
const registryOnly: PubSub = {
  publish() {
    throw new Error('Publish through the live topic registry (pubsub/topics.ts)');
  },
  subscribe() {
    throw new Error('Subscribe through the live topic registry (graphql/live.ts)');
  },
};

let built: Promise<GraphQLSchema> | null = null;

/**
 * The executable schema, with the modules' derived fields' resolvers: built once per process (it is made from the
 * code alone, and everything of a request reaches its resolvers through the context), so every api started in a
 * process (the test apps, file after file in a reused worker: about 40 ms of CPU each) shares it.
 */
export function createSchema(): Promise<GraphQLSchema> {
  built ??= buildExecutableSchema().catch((err: unknown) => {
    built = null;
    throw err;
  });
  return built;
}

async function buildExecutableSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({ resolvers: RESOLVERS, pubSub: registryOnly, validate: false, emitSchemaFile: false });
  for (const [typeName, resolvers] of FIELD_RESOLVERS) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`Field resolvers for ${typeName}, which is no object type of the schema`);
    const fields = type.getFields();
    for (const [name, resolve] of Object.entries(resolvers)) {
      if (!fields[name]) throw new Error(`A resolver for ${typeName}.${name}, which ${typeName} does not declare`);
      fields[name].resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}

/** Writes the schema as SDL (sorted, so the committed file only changes when the API does). */
export async function emitSchema(path: string): Promise<void> {
  const schema = await createSchema();
  await writeFile(path, `${printSchema(lexicographicSortSchema(schema))}\n`);
}
