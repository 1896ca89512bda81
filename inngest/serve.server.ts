// The serve handler (inngest/remix) exposing the app's functions; mounted at /api/inngest by
// app/routes/api.inngest.ts. Kept in a .server module so none of it reaches browser bundles.
import type { InngestFunction } from "inngest";
import { serve } from "inngest/remix";
import { inngest, isEmbeddedEngine } from "./client.ts";
import { functions } from "./functions/index.ts";

/** A serve handler for a set of functions (the app's, or test functions). */
export function createServeHandler(fns: InngestFunction.Any[]) {
  return serve({
    client: inngest,
    functions: fns,
    // Embedded: only this process's executor (which signs its requests) may sync the app.
    ...(isEmbeddedEngine ? { enableUnauthedSync: false } : {}),
  });
}

export const inngestHandler = createServeHandler(functions);
