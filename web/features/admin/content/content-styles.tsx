import contentCss from './content.css?url';

/** The content screens' own stylesheet, linked by them (React hoists it), beside the console's console.css. */
export function ContentStyles() {
  return <link rel="stylesheet" href={contentCss} precedence="default" />;
}
