// The ticket's QR code is shared with the completion and order pages: src/components/ticket/TicketQr.tsx.
export { TicketQr, type TicketQrProps } from '@/components/ticket/TicketQr';
