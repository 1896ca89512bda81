// Admin role: a user is an admin while a row for them exists in admin_users.
import { prisma } from "~/utils/db.server";

export async function isAdmin(userId: string): Promise<boolean> {
  try {
    return (await prisma.adminUser.count({ where: { userId } })) > 0;
  } catch (error) {
    // docs/product.md#overview: admin-check failures are logged and fall back to "not an admin".
    console.error("admin check failed", error);
    return false;
  }
}
