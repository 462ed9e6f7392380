import { mailSignature } from '../../shop/mail-signature';
import { blockToMjml, blockToText, type Block } from './blocks';
import { escapeHtml, isWebUrl } from './html';
import { colors, FONT_FAMILY } from './theme';
import type { ShopFacts } from './types';

/** One e-mail's words: its preview line and its body. */
export interface EmailContent {
  /** What an inbox shows after the subject. */
  preview: string;
  blocks: readonly Block[];
}

export interface LayoutFacts {
  subject: string;
  shop: ShopFacts;
  /** Only for the e-mails she may turn off. */
  unsubscribe?: string | undefined;
}

const UNSUBSCRIBE_QUESTION = 'Não quer mais receber estes e-mails?';
const UNSUBSCRIBE_LABEL = 'Descadastre-se';

/**
 * Every e-mail's MJML: the shop's name as text on top (no image: it reads the
 * same with images off), one white column of content, then the shop's
 * signature and, when she may turn these e-mails off, the unsubscribe line.
 */
export function layoutMjml(content: EmailContent, facts: LayoutFacts): string {
  const { settings, publicUrl } = facts.shop;
  const name = escapeHtml(settings.name);
  const header = isWebUrl(publicUrl)
    ? `<a href="${escapeHtml(publicUrl)}" style="color:${colors.accent};text-decoration:none;">${name}</a>`
    : name;
  const unsubscribe = facts.unsubscribe
    ? `<mj-text font-size="13px" color="${colors.textMuted}">${escapeHtml(UNSUBSCRIBE_QUESTION)} <a href="${escapeHtml(facts.unsubscribe)}" style="color:${colors.textMuted};">${escapeHtml(UNSUBSCRIBE_LABEL)}</a>.</mj-text>`
    : '';
  return `<mjml lang="pt-BR">
<mj-head>
<mj-title>${escapeHtml(facts.subject)}</mj-title>
<mj-preview>${escapeHtml(content.preview)}</mj-preview>
<mj-attributes>
<mj-all font-family="${FONT_FAMILY}" />
<mj-text font-size="16px" line-height="1.5" color="${colors.text}" padding="0 0 12px 0" />
<mj-button background-color="${colors.accent}" color="#ffffff" font-size="16px" font-weight="700" border-radius="6px" inner-padding="12px 24px" padding="4px 0 16px 0" align="left" />
<mj-table padding="0" />
</mj-attributes>
</mj-head>
<mj-body background-color="${colors.background}" width="600px">
<mj-section padding="24px 16px 12px 16px">
<mj-column>
<mj-text align="center" font-size="26px" line-height="1.2" font-weight="700" color="${colors.accent}" padding="0">${header}</mj-text>
</mj-column>
</mj-section>
<mj-section background-color="${colors.surface}" border-radius="8px" padding="24px 20px 12px 20px">
<mj-column>
${content.blocks.map(blockToMjml).join('\n')}
</mj-column>
</mj-section>
<mj-section padding="16px 16px 24px 16px">
<mj-column>
<mj-text font-size="13px" line-height="1.5" color="${colors.textMuted}">${mailSignature(settings).html}</mj-text>
${unsubscribe}
</mj-column>
</mj-section>
</mj-body>
</mjml>`;
}

/** The same e-mail as plain text: the body, the signature, the unsubscribe line. */
export function layoutText(content: EmailContent, facts: LayoutFacts): string {
  const parts = [
    ...content.blocks.map(blockToText),
    `-- \n${mailSignature(facts.shop.settings).text}`,
    ...(facts.unsubscribe
      ? [`${UNSUBSCRIBE_QUESTION} ${UNSUBSCRIBE_LABEL}: ${facts.unsubscribe}`]
      : []),
  ];
  return `${parts.join('\n\n')}\n`;
}
