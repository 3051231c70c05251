/** GraphQL's response error shape: `{ errors: [{ message, extensions? }] }`. */
export interface GraphQLErrorBody {
  message: string;
  extensions?: Record<string, unknown>;
}

export function errorResponse(status: number, errors: GraphQLErrorBody[]): Response {
  return Response.json({ errors }, { status });
}
