// GET /healthz — the state of the database, storage, workflow engine and providers as JSON.
// 200 when every configured part is ok, 503 when one is not. Never cached.
import { systemHealth } from "./health.server";

export async function loader() {
  const body = await systemHealth();
  return new Response(JSON.stringify(body), {
    status: body.status === "ok" ? 200 : 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store, no-cache, must-revalidate, max-age=0",
      Pragma: "no-cache",
    },
  });
}
