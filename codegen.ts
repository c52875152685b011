import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Client GraphQL types: one typed document per operation in client/src/features/<f>/graphql/*.graphql,
 * used directly with Apollo Client 4's hooks (typescript-react-apollo does not support Apollo 4).
 *
 * typescript-operations 6 generates the Input/Enum types it needs by itself; adding the `typescript`
 * plugin too would emit every input type twice (a compile error), and its schema object types must not
 * be used by client code anyway (selections are typed by the operation result types).
 * The output is committed; CI regenerates it and fails on drift.
 */
const config: CodegenConfig = {
  overwrite: true,
  schema: 'server/schema.graphql',
  documents: ['client/src/**/*.graphql'],
  generates: {
    'client/src/graphql/generated.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        // String-literal unions: no runtime enum objects (the v6 spelling of `enumsAsTypes: true`).
        enumType: 'string-literal',
        useTypeImports: true,
        dedupeFragments: true,
        scalars: { ID: { input: 'string', output: 'string' } },
      },
    },
  },
};

export default config;
