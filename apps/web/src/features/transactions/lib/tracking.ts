/** Carrier tracking pages for DHL, FedEx and UPS; any other courier gets a web search. */
export function trackingUrl(courier: string | undefined, trackingNumber: string): string {
  const number = encodeURIComponent(trackingNumber);
  switch (courier) {
    case 'DHL':
      return `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${number}`;
    case 'FedEx':
      return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${number}`;
    default:
      return `https://www.google.com/search?q=${encodeURIComponent(`${courier ?? ''} tracking ${trackingNumber}`.trim())}`;
  }
}
