/**
 * The CLI tools that must go through the running server (PGlite allows one process) sign in as staff:
 * --email/--password, else ADMIN_EMAIL/ADMIN_PASSWORD, else the demo admin of the seeded demo data.
 */
export const DEMO_ADMIN = { email: 'admin@demo.amana.ng', password: 'DemoAdmin#2025' };

export async function api<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = (await res.json().catch(() => null)) as { success?: boolean; data?: T; error?: string } | null;
  if (!res.ok || !body?.success)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${body?.error ?? `HTTP ${res.status}`}`);
  return body.data as T;
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const { token } = await api<{ token: string }>(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return token;
}

export function staffCredentials(
  values: { email?: string; password?: string },
  config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
) {
  const email = values.email ?? config.ADMIN_EMAIL ?? DEMO_ADMIN.email;
  const password = values.password ?? config.ADMIN_PASSWORD ?? DEMO_ADMIN.password;
  if (!values.email && !config.ADMIN_EMAIL)
    console.log(`Signing in as the demo admin (${email}); pass --email/--password otherwise.`);
  return { email, password };
}
