// The choices a project takes (styles, voices), shared by the tools that set them.
import { listStoryTypes } from "~/models/stories";
import { ToolError } from "~/tools/types";

/** The style named `name` (any case), as stored on a project; ToolError for an unknown one. */
export async function styleByName(name: string): Promise<string> {
  const styles = await listStoryTypes();
  const found = styles.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
  if (!found) throw new ToolError(`Unknown style "${name.slice(0, 100)}": see list_styles`);
  return found.name;
}
