// Custom orders (docs/product.md#custom-orders-planned). This module holds only the reads the
// payment page needs (id, credits_used, order link title and custom_rate; guest_id;
// docs/product.md#paying-for-a-custom-order); the custom
// orders issue extends it.
import { prisma } from "~/utils/db.server";

export type OrderForPayment = {
  id: string;
  orderNumber: number;
  userId: string | null;
  guestId: string | null;
  creditsUsed: number;
  orderLinkId: string | null;
  /** The order link's title, shown as the "Plan" row. */
  title: string | null;
  /** Rupees; the amount to pay. */
  customRate: number | null;
};

export async function getOrderForPayment(orderId: string): Promise<OrderForPayment | null> {
  if (!orderId) return null;
  const order = await prisma.customOrder.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      orderNumber: true,
      userId: true,
      guestId: true,
      creditsUsed: true,
      orderLinkId: true,
      orderLink: { select: { title: true, customRate: true } },
    },
  });
  if (!order) return null;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    guestId: order.guestId,
    creditsUsed: Number(order.creditsUsed),
    orderLinkId: order.orderLinkId,
    title: order.orderLink?.title ?? null,
    customRate: order.orderLink ? Number(order.orderLink.customRate) : null,
  };
}

/** Pending orders and the credits used by all orders (the admin area's Usage Stats): a COUNT and a SUM. */
export async function customOrderTotals(): Promise<{ pending: number; creditsUsed: string }> {
  const [pending, sum] = await Promise.all([
    prisma.customOrder.count({ where: { status: "pending" } }),
    prisma.customOrder.aggregate({ _sum: { creditsUsed: true } }),
  ]);
  return { pending, creditsUsed: sum._sum.creditsUsed?.toFixed(2) ?? "0.00" };
}

export type OrderGuest = { id: string; name: string; email: string | null; phoneNumber: string | null };

/** The guest who placed an order through a shared link (the order's guest_id). */
export async function getOrderGuest(orderId: string): Promise<OrderGuest | null> {
  const order = await prisma.customOrder.findUnique({
    where: { id: orderId },
    select: { guest: { select: { id: true, name: true, email: true, phoneNumber: true } } },
  });
  return order?.guest ?? null;
}
