import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";
import { cx } from "./cx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "light";
export type ButtonSize = "sm" | "md" | "lg";

// The look of each variant and size is one component class in app/tailwind.css (.btn, .btn-primary,
// .btn-sm, ...: the same utilities through @apply), so a page with a hundred buttons sends three
// short class names each instead of the 300-character utility list (ADR 365).
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string): string {
  return cx("btn", `btn-${variant}`, `btn-${size}`, className);
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type = "button", ...rest }, ref) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...rest} />;
});

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}
