import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input of the console's forms. */
export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

/** A table that scrolls sideways by itself at narrow widths (reachable by keyboard, named for a screen reader). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
