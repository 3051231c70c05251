import { GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';

/**
 * `JSON`: any JSON value, for the data of content items (each type's shape is its JSON Schema in
 * `contentTypes`, and the write API checks it). Literals in a query are read as JSON too.
 */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) =>
    ast.kind === Kind.NULL ? null : valueFromASTUntyped(ast, variables ?? undefined),
});
