// orders/: Custom orders: the order and its files, what staff do with it (status, notes, delivery), and
// the guest order links that let someone without an account follow and pay for one.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export {
  addOrderMedia,
  deleteOrderMedia,
  deliverOrder,
  getOrderForStaff,
  listOrdersForStaff,
  normalizeDeliveryUrl,
  staffUploadTarget,
  updateOrderStatus,
} from "./custom-order-staff.server";
export {
  OrderError,
  createCustomOrder,
  discardOrderFiles,
  getMyOrder,
  isOrderError,
  listMyOrders,
  newOrderId,
  orderUploadTarget,
  type OrderFileInput,
} from "./custom-orders.server";
export { checkOrderLink, createOrderLink, listOrderLinks, placeLinkOrder, setOrderLinkActive, type OrderLinkRow } from "./order-links.server";
