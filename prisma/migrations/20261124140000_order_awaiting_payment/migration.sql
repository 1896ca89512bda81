-- An order placed through a paid order link waits for its payment before staff see it as
-- pending (docs/decisions/181-link-orders-and-payment.md).
ALTER TYPE "OrderStatus" ADD VALUE 'awaiting_payment';
