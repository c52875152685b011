import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { RESOLVERS } from './resolvers.js';

/** Builds the executable schema; subscriptions publish and listen through `pubSub`. */
export function createSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, pubSub, validate: false, emitSchemaFile: false });
}

const nullPubSub: PubSub = {
  publish() {},
  subscribe() {
    throw new Error('not available while emitting the schema');
  },
};

/** Writes the schema as SDL (sorted, so the committed file only changes when the API does). */
export async function emitSchema(path: string): Promise<void> {
  const schema = await createSchema(nullPubSub);
  await writeFile(path, `${printSchema(lexicographicSortSchema(schema))}\n`);
}
