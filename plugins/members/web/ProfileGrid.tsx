import { styled } from '@linaria/react';
import { up } from '../../../kernel/web/theme.ts';

/** The responsive grid of member cards (search, similar profiles, likes). */
export const ProfileGrid = styled.ul`
  display: grid;
  gap: 15px;
  list-style: none;
  margin: 0;
  padding: 0;
  grid-template-columns: repeat(2, 1fr);
  ${up('md')} { grid-template-columns: repeat(3, 1fr); }
  ${up('lg')} { grid-template-columns: repeat(4, 1fr); }
  ${up('xl')} { grid-template-columns: repeat(6, 1fr); }
`;
