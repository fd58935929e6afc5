import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem<Key extends string> {
  key: Key;
  label: string;
}

interface TabsProps<Key extends string> {
  /** Names the tab list for assistive technology ('Model views'). */
  label: string;
  tabs: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop for the list, arrow
 * keys, Home and End move between tabs; only the selected panel is rendered.
 */
export function Tabs<Key extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Key>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const tabId = (key: Key) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const target = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <div>
      <StyledTabList role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <StyledTab
            key={tab.key}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.key, element);
              else tabRefs.current.delete(tab.key);
            }}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={tab.key === selected}
            aria-controls={panelId}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </StyledTab>
        ))}
      </StyledTabList>
      <StyledTabPanel id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </StyledTabPanel>
    </div>
  );
}

const StyledTabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  width: fit-content;
  max-width: 100%;
`;

const StyledTab = styled.button`
  min-height: 2.25rem;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;

  &[aria-selected='true'] {
    background: ${({ theme }) => theme.color.surface};
    border-color: ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.text};
    box-shadow: ${({ theme }) => theme.shadow.sm};
  }
  &:hover:not([aria-selected='true']) {
    color: ${({ theme }) => theme.color.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const StyledTabPanel = styled.div`
  margin-top: ${({ theme }) => theme.space.md};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 4px;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;
