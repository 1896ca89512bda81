import { NavLink } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { buttonClasses } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { BrandMark } from "~/components/shell/BrandMark";

/** Header for signed-out visitors: the brand, Pricing and Login. */
export function PublicHeader({ className }: { className?: string }) {
  return (
    <header className={cx("sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur", className)}>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <AppLink to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <BrandMark />
          <span>Reelforge</span>
        </AppLink>
        <nav aria-label="Site" className="flex items-center gap-1 sm:gap-2">
          <NavLink to="/plans" className={({ isActive }) => cx(buttonClasses("ghost", "md"), isActive && "bg-slate-100 text-slate-900")}>
            Pricing
          </NavLink>
          <AppLink to="/auth/login" className={buttonClasses("primary", "md")}>
            Login
          </AppLink>
        </nav>
      </div>
    </header>
  );
}
