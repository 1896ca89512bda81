// Messages above a form: errors are alerts (read out at once), notices are polite status text.
import { cx } from "~/components/ui/cx";

export function FormMessage({ tone, children, id }: { tone: "error" | "info" | "success"; children: React.ReactNode; id?: string }) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cx(
        "rounded-lg border px-3 py-2 text-sm",
        tone === "error" && "border-red-200 bg-red-50 text-red-800",
        tone === "info" && "border-sky-200 bg-sky-50 text-sky-900",
        tone === "success" && "border-emerald-200 bg-emerald-50 text-emerald-900",
      )}
    >
      {children}
    </div>
  );
}
