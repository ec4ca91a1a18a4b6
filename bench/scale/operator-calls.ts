import { OPERATOR_TOKEN, type ScaleContext } from './context';

/** The operator's API under the bench's token, in process (as the console calls it): not 200 stops the bench. */
export async function operatorCall<T>(
  ctx: ScaleContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<T> {
  const response = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    ...(payload && { payload }),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url} ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}
