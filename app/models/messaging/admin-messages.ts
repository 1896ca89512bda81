// Texts of the admin area's Users, Usage Stats, AI Tools, Canvas Updates and User Messages tabs
// and of the user's Messages page (docs/product.md#admin-area). Client-safe: the core answers
// with them and the pages show them.
export const ADMIN_USERS_MESSAGES = {
  invalidId: "Please enter a valid user id",
  notFound: "User not found with that ID",
  alreadyAdmin: "User is already an admin",
  addFailed: "Failed to add admin",
  removeFailed: "Failed to remove admin",
  loadFailed: "Failed to load users",
  added: "Admin added",
  removed: "Admin removed",
  notAdmin: "That user is not an admin",
  lastAdmin: "The last admin cannot be removed.",
  confirmSelf: "You are about to remove your own admin access. You will lose access to the admin area.",
} as const;

/** A user is active while their profile was updated within this many days (Usage Stats). */
export const ACTIVE_USER_DAYS = 30;

export const USAGE_STATS_MESSAGES = {
  loadFailed: "Failed to load usage statistics",
} as const;

export const STUCK_JOB_MESSAGES = {
  loadFailed: "Failed to fetch stuck jobs",
  retryFailed: "Failed to retry job",
  checkFailed: "Failed to check job status",
  deleteFailed: "Failed to delete job",
  retried: "Job resubmitted",
  deleted: "Job deleted",
  confirmDelete: "Delete this job? This cannot be undone.",
  notStuck: "This job is not stuck any more.",
  noScene: "This job has no scene to generate again.",
  empty: "No stuck image jobs.",
} as const;

export const CANVAS_UPDATE_MESSAGES = {
  incomplete: "Please select a project, scene, and enter update content.",
  failed: "Failed to submit update",
  loadProjectsFailed: "Failed to load projects.",
  loadScenesFailed: "Failed to load scenes for the selected project.",
  submitted: "Update submitted",
  notificationTitle: "Your project was updated",
} as const;

export const STAFF_MESSAGE_MESSAGES = {
  emptyMessage: "Cannot send an empty message without attachments.",
  selectUser: "Please select a user to send a message to.",
  sendFailed: "Failed to send message: {reason}",
  sendError: "An error occurred while sending the message.",
  loadFailed: "Failed to load messages.",
  loadUsersFailed: "Failed to load chat users",
  notificationTitle: "New message from Admin",
  replyNotificationTitle: "New message from a user",
  projectNotFound: "Project not found",
} as const;

/** The scene fields an admin's canvas update may change, with their labels. */
export const CANVAS_UPDATE_FIELDS = [
  { value: "script", label: "Script" },
  { value: "voiceOverText", label: "Voice-over text" },
  { value: "imagePrompt", label: "Image prompt" },
  { value: "description", label: "Description" },
] as const;

export type CanvasUpdateField = (typeof CANVAS_UPDATE_FIELDS)[number]["value"];

/** How a stuck job's status is shown. */
export function jobStatusLabel(status: string): "IN_QUEUE" | "FAILED" | "COMPLETED" | string {
  return status.toUpperCase();
}

/** The first 30 characters of a scene's script (the scene chooser's text). */
export const SCENE_LABEL_LENGTH = 30;
export function sceneLabel(script: string | null | undefined, sceneOrder: number): string {
  const text = [...(script ?? "").trim()].slice(0, SCENE_LABEL_LENGTH).join("");
  return text || `Scene ${sceneOrder}`;
}
