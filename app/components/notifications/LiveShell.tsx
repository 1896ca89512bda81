// The signed-in shell's live connection: opens /resources/live for the whole app area, reloads
// the shell's data (the unread badge) and the page's when notifications change, and announces
// a new notification with a toast.
import { toast } from "sonner";
import { LiveEventsProvider, useLiveEvents, useLiveRevalidate } from "~/hooks/useLiveEvents";

function NotificationWatcher() {
  useLiveRevalidate(["notification.created", "notification.updated"]);
  useLiveEvents(["notification.created"], (event) => {
    if (event.type === "notification.created") toast(event.title, { description: "New notification" });
  });
  return null;
}

export function LiveShell({ children }: { children: React.ReactNode }) {
  return (
    <LiveEventsProvider>
      <NotificationWatcher />
      {children}
    </LiveEventsProvider>
  );
}
