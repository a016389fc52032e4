import { styled } from '@linaria/react';
import { colors } from '../theme.ts';

/** A centred panel for short pages (log in, password reset, results of links from mails). */
export const Card = styled.section`
  max-width: 480px;
  margin: 20px auto;
  padding: 28px 24px;
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 4px 18px rgba(115, 54, 117, 0.12);
  h1 { font-size: 26px; margin: 0 0 14px; color: ${colors.dark}; }
  p { line-height: 1.5; }
  .actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 18px; }
`;

/** A calm confirmation line (success) under a form. */
export const Notice = styled.p`
  padding: 10px 14px;
  border-radius: 8px;
  background: #e6f6e6;
  color: ${colors.successText};
  &[data-tone='danger'] { background: #fbe9eb; color: #a71d2a; }
  &[data-tone='info'] { background: ${colors.light}; color: ${colors.text}; }
`;
