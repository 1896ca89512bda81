// Every Inngest function the app serves at /api/inngest. Add a workflow by creating it with
// `inngest.createFunction(...)` in its own module under inngest/functions/ and listing it here.
import type { InngestFunction } from "inngest";

export const functions: InngestFunction.Any[] = [];
