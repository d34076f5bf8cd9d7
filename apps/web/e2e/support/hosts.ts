/** Base URLs of the running platform: the lead's harness passes its port in E2E_PORT. */
const port = Number(process.env.E2E_PORT ?? 3000);

export const hosts = {
  demo: `http://demo.localhost:${port}`,
  pawsome: `http://pawsome.localhost:${port}`,
  platform: `http://localhost:${port}`,
} as const;

export const DEMO_PASSWORD = process.env.E2E_PASSWORD ?? 'demo-password';
/** The demo centre's signup code (tenants/demo.json, location Downtown). */
export const SIGNUP_CODE = process.env.E2E_SIGNUP_CODE ?? 'SUNNY-DT';
