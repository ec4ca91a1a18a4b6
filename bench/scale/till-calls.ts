import { OPERATOR_TOKEN, type ScaleContext } from './context';

/** A till key of a point: a key may verify 120 codes in 10 minutes (TILL_VERIFY_LIMITS), so a probe takes one per 100. */
export async function tillKey(ctx: ScaleContext, retailPointId: number, label = 'Касса бенча') {
  const issued = await ctx.app.inject({
    method: 'POST',
    url: '/api/operator/till-keys',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    payload: { retailPointId, label },
  });
  if (issued.statusCode !== 200) throw new Error(`till key: ${issued.statusCode} ${issued.body}`);
  return (issued.json() as { key: string }).key;
}

/** The till API under `key`, in process: a call that does not answer 200 stops the bench. */
export const tillCaller =
  (ctx: ScaleContext, key: string) =>
  async (path: string, payload: object): Promise<{ visitId: string }> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/till/${path}`,
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
    if (response.statusCode !== 200) throw new Error(`${path} ${response.statusCode}: ${response.body}`);
    return response.json() as { visitId: string };
  };
