// An action's answer under its form: its message, or its error as an alert.
import type { CanvasActionData } from "./editor-data";

export function Notice({ result }: { result: CanvasActionData | undefined }) {
  if (!result || (!result.message && !result.error)) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm text-emerald-700" : "text-sm text-red-600"}>
      {result.ok ? result.message : result.error}
    </p>
  );
}
