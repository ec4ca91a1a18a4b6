/** A contract path with its `:params` filled in (encoded) and the query appended: what a client requests. */
export function buildPath(
  template: string,
  params: Record<string, unknown> = {},
  query?: Record<string, unknown>,
) {
  const path = template.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
