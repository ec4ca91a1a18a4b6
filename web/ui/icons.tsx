/** Inline icons: no request, coloured by currentColor. Decorative unless given a label. */
interface IconProps {
  size?: number;
  label?: string;
}

function svgProps({ size = 24, label }: IconProps) {
  return {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    ...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true }),
    focusable: false,
  };
}

export const MenuIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const CloseIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const UserIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </svg>
);
export const ArrowUpIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
);
export const ChevronDownIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
/** The default logo shown when the brand's logo fails to load. */
export const DefaultLogoIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <path d="M19 9.5c0 4.7-3.1 8.5-7 8.5s-7-3.8-7-8.5S8.1 4 12 4s7 .8 7 5.5z" />
    <path d="M9 10.5h6M12 7.5v6M8 20h8" />
  </svg>
);
export const AppleIcon = (p: IconProps) => (
  <svg {...svgProps(p)} fill="currentColor" stroke="none">
    <path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2-1.1 2.8-2.3.9-1.3 1.2-2.5 1.3-2.6-.1 0-2.5-.9-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3z" />
  </svg>
);
export const PlayIcon = (p: IconProps) => (
  <svg {...svgProps(p)} fill="currentColor" stroke="none">
    <path d="M4.5 2.8c-.3.3-.5.8-.5 1.4v15.6c0 .6.2 1.1.5 1.4l8.6-9.2-8.6-9.2zm9.6 10.2 2.7 2.9-10.3 5.9 7.6-8.8zm0-2L6.5 2.2l10.3 5.9-2.7 2.9zm3.8 4.2L15.2 12l2.7-3.2 3.1 1.8c.9.5.9 1.4 0 1.9l-3.1 1.9z" />
  </svg>
);
