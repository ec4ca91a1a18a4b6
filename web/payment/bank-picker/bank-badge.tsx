/**
 * A bank's initial on a colour derived from its name. NSPK's logos live on qr.nspk.ru, which the pages' CSP
 * does not allow, and we bundle no pictures from the network (decision 010), so every bank gets a badge.
 */
export function BankBadge({ name }: { name: string }) {
  const letter = /[\p{L}\p{N}]/u.exec(name)?.[0]?.toLocaleUpperCase('ru') ?? '?';
  return (
    <span className="bank-badge" style={{ backgroundColor: badgeColour(name) }} aria-hidden="true">
      {letter}
    </span>
  );
}

/** A stable hue per name; saturation and lightness are fixed so white text keeps at least 4.5:1 on any hue. */
export function badgeColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return `hsl(${hash % 360} 45% 30%)`;
}
