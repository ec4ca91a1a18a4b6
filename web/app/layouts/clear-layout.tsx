import type { ReactNode } from 'react';
import { Overlay, PopupHost } from '#web/ui/popup-host';

/** Spec "Layouts", clear (`?view=clear`): no navigation or footer, only the popup and the overlay. */
export function ClearLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell--clear">
      <main id="main" className="shell__main">
        {children}
      </main>
      <Overlay />
      <PopupHost />
    </div>
  );
}
