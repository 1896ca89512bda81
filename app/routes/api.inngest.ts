// /api/inngest: the Inngest serve endpoint (GET introspection, PUT sync, POST run a step).
// Called by Inngest Cloud, a self-hosted Inngest server, or the embedded executor; every
// execution request must carry a valid signature (see inngest/client.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { inngestHandler } from "../../inngest/serve.server";

export const loader = (args: LoaderFunctionArgs) => inngestHandler(args);
export const action = (args: ActionFunctionArgs) => inngestHandler(args);
