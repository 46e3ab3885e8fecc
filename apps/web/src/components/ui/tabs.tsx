import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type TabItem = { value: string; label: string; content: ReactNode };

/**
 * The app's one tab layout (transaction details, profile, verification, notifications). The tabs wrap
 * onto a second line rather than run off a narrow screen: at 375 px 'Activity' was cut to 'Acti…'
 * behind a scroll edge nobody could see.
 */
export function Tabs({
  label,
  tabs,
  defaultValue = tabs[0]?.value,
  value,
  onValueChange,
  className,
}: {
  /** Names the tab list for screen readers ('Transaction sections'). */
  label: string;
  tabs: TabItem[];
  defaultValue?: string | undefined;
  /** The open tab, when the page keeps it (in its address, say); with `onValueChange`. */
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}) {
  return (
    <TabsPrimitive.Root
      {...(value === undefined ? { defaultValue } : { value, onValueChange })}
      className={cn('space-y-4', className)}
    >
      <TabsPrimitive.List aria-label={label} className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              'flex-auto whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900',
              'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
              'focus-visible:outline-2 focus-visible:outline-brand-600',
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
