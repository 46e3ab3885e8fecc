import { useEffect, useState } from 'react';

/** Quiet zone around the symbol, in modules (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/**
 * The dark modules of `text` as one SVG path. The generator (qrcode-generator, no dependencies) is loaded
 * on first use, so it stays out of the bundle of every screen that shows no QR code.
 */
async function qrPath(text: string): Promise<{ path: string; size: number }> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text, /^\d+$/.test(text) ? 'Numeric' : 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (qr.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  return { path, size: count + 2 * QUIET_ZONE };
}

/**
 * A QR code of `value` drawn as SVG (black on white, whatever the theme, so phones can scan it), named by
 * `label`. Until the generator has loaded, an empty square of the same size holds its place; if it cannot
 * load (offline), nothing is drawn: screens show the value as text too.
 */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const [drawn, setDrawn] = useState<{ value: string; path: string; size: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    qrPath(value).then(
      (symbol) => {
        if (current) setDrawn({ value, ...symbol });
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [value]);

  if (failed) return null;
  if (!drawn || drawn.value !== value)
    return <div aria-hidden="true" className="rounded bg-slate-100" style={{ width: size, height: size }} />;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawn.size} ${drawn.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={drawn.size} height={drawn.size} fill="#ffffff" />
      <path d={drawn.path} fill="#000000" />
    </svg>
  );
}
