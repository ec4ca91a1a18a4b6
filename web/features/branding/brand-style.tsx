import type { HeaderSettings } from '#common/contract/header';

type BrandColours = Pick<
  HeaderSettings,
  'colorPrimary' | 'colorPrimaryDark' | 'colorOnPrimary' | 'colorAccent' | 'colorOnSecondary'
>;

/** The brand's colours as CSS variables; colours are validated as #RRGGBB, so nothing else reaches the CSS. */
export function brandCss(c: BrandColours): string {
  return (
    `:root{--color-primary:${c.colorPrimary};--color-primary-dark:${c.colorPrimaryDark};` +
    `--color-on-primary:${c.colorOnPrimary};--color-accent:${c.colorAccent};--color-on-secondary:${c.colorOnSecondary}}`
  );
}

/** Rendered into the first HTML, so the first paint already has the brand's colours. */
export function BrandStyle({ settings }: { settings: BrandColours }) {
  return <style id="brand-colours" dangerouslySetInnerHTML={{ __html: brandCss(settings) }} />;
}
