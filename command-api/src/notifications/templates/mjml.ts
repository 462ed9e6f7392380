import type mjml2html from 'mjml';

type Compile = typeof mjml2html;

let compiler: Promise<Compile> | undefined;

/**
 * mjml and what it brings (an HTML parser, a CSS inliner, a minifier) take
 * over a second and some 100 MB to load: loaded by the first e-mail, not by
 * every start of the shop.
 */
function loadCompiler(): Promise<Compile> {
  compiler ??= import('mjml').then(
    (module) => module.default,
    (error: unknown) => {
      compiler = undefined;
      throw error;
    },
  );
  return compiler;
}

/**
 * The e-mail's HTML of an MJML document, validated strictly: a template that
 * breaks MJML's rules throws (and its notification fails where the admin sees
 * it) rather than going out malformed. mj-include is off: a template reads no
 * file; no web font is linked.
 */
export async function compileMjml(source: string): Promise<string> {
  const compile = await loadCompiler();
  // 'strict' rejects (a ValidationError listing each fault) instead of rendering.
  const result = await compile(source, {
    validationLevel: 'strict',
    ignoreIncludes: true,
    keepComments: false,
    fonts: {},
  });
  return result.html;
}
