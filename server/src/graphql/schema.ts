import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { RESOLVERS } from './resolvers.js';

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

/** Builds the executable schema. */
export function createSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, pubSub: registryOnly, validate: false, emitSchemaFile: false });
}

/** Writes the schema as SDL (sorted, so the committed file only changes when the API does). */
export async function emitSchema(path: string): Promise<void> {
  const schema = await createSchema();
  await writeFile(path, `${printSchema(lexicographicSortSchema(schema))}\n`);
}
