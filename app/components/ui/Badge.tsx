import { cx } from "./cx";

export function Badge({ children, className, ...rest }: React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium", className ?? "bg-slate-100 text-slate-700")} {...rest}>
      {children}
    </span>
  );
}
