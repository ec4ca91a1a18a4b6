interface PageMetaProps {
  /** The page's own title; the brand's title is appended. */
  title: string | null;
  brand: string;
  description?: string;
  image?: string;
}

/** The page's title and link-preview tags; React places them in the document head. */
export function PageMeta({ title, brand, description, image }: PageMetaProps) {
  const fullTitle = title ? `${title} — ${brand}` : brand;
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      <meta property="og:title" content={title ?? brand} />
      <meta property="og:site_name" content={brand} />
      {description && <meta property="og:description" content={description} />}
      {image && <meta property="og:image" content={image} />}
    </>
  );
}
