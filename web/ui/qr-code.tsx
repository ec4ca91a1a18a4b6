import { useMemo } from 'react';
import { qrPath } from '#common/lib/qr-path';
import { useAfterFirstPaint } from './after-first-paint';

interface QrCodeProps {
  value: string;
  label: string;
  className?: string;
}

/**
 * A QR code drawn as one SVG path (crisp at any size, no canvas, no inline script). Dark modules only; the
 * light background and the quiet zone come from the SVG's white rectangle, so it scans on any page colour.
 *
 * Encoding tries all eight masks (the one that scans best wins), the largest piece of the cabinet's render in a
 * CPU profile: the server and the first client render draw the same square, white and empty, with the same name,
 * and the modules follow once the page has painted (decision 035). The box's size comes from its CSS class, so
 * nothing moves when they appear.
 */
export function QrCode({ value, label, className }: QrCodeProps) {
  const painted = useAfterFirstPaint();
  const code = useMemo(() => (painted ? qrPath(value) : null), [value, painted]);
  const size = code?.size ?? 1;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      aria-busy={code ? undefined : true}
    >
      <rect width={size} height={size} fill="#fff" />
      {code && <path d={code.path} fill="#000" />}
    </svg>
  );
}
