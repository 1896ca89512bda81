import { cx } from "./cx";

export function Badge({ children, className, ...rest }: React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={cx("pill", className ?? "bg-slate-100 text-slate-700")} {...rest}>
      {children}
    </span>
  );
}
