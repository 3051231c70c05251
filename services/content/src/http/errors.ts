/** GraphQL's response error shape: `{ errors: [{ message, extensions? }] }`. */
export interface GraphQLErrorBody {
  message: string;
  extensions?: Record<string, unknown>;
}

export function errorResponse(
  status: number,
  errors: GraphQLErrorBody[],
  headers: Record<string, string> = {},
): Response {
  return Response.json({ errors }, { status, headers });
}
