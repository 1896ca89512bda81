import { AppLink } from "~/components/ui/AppLink";
import { INFO_LINKS } from "~/components/shell/nav";
import { BrandMark } from "~/components/shell/BrandMark";

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <BrandMark className="size-6" />
          <span>© {new Date().getFullYear()} Reelforge. Video ads from a script.</span>
        </div>
        <nav aria-label="Legal and information">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {INFO_LINKS.map((link) => (
              <li key={link.href}>
                <AppLink to={link.href} className="rounded text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline">
                  {link.label}
                </AppLink>
              </li>
            ))}
            <li>
              <AppLink to="/status" className="rounded text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline">
                System Status
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
