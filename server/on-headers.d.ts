// on-headers ships no types (it is the hook compression uses to change headers before they go out).
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  function onHeaders<T extends ServerResponse>(res: T, listener: (this: T) => void): void;
  export default onHeaders;
}
