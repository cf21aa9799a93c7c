import '@mantine/core/styles/VisuallyHidden.css';
import { VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Outlet, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useState } from 'react';
import { PageMain } from '../../components/SiteLayout';
import { useNow } from '../../components/useNow';
import { busyModeAt, busyStaffLabel } from '../../domain/busyMode';
import { londonWallClock, timeOfMinutes } from '../../domain/londonClock';
import { BusyModeProvider, useBusyMode } from '../../components/kitchen/BusyModeControl';
import classes from './KitchenLayout.module.css';

/** Where a kitchen page puts its own part of the staff bar: its controls beside the clock, its alerts below the bar. */
interface KitchenBarSlots {
  controls: HTMLElement | null;
  alerts: HTMLElement | null;
}

const KitchenBarSlotsContext = createContext<KitchenBarSlots>({ controls: null, alerts: null });

/** The staff bar's slots, for a page to portal into (both null until the bar is drawn). */
export function useKitchenBarSlots(): KitchenBarSlots {
  return useContext(KitchenBarSlotsContext);
}

/**
 * The `_kitchen` layout (docs/acceptance-and-kitchen.md, "The staff layout"): no public navigation, and a staff bar kept
 * in view however far staff scroll, with the time and busy mode, and the page's own controls and alerts.
 */
export function KitchenLayout() {
  const [controls, setControls] = useState<HTMLElement | null>(null);
  const [alerts, setAlerts] = useState<HTMLElement | null>(null);
  const { ref: barRef, height } = useElementSize<HTMLElement>();

  // What is scrolled or tabbed to stops below the bar, not under it (WCAG 2.4.11).
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('scroll-padding-top', `${Math.ceil(height) + 8}px`);
    return () => {
      root.style.removeProperty('scroll-padding-top');
    };
  }, [height]);

  return (
    <BusyModeProvider>
      <KitchenBarSlotsContext.Provider value={{ controls, alerts }}>
        <header ref={barRef} className={classes.bar}>
          <div className={classes.barRow}>
            <KitchenName />
            <KitchenClock />
            <BusyModeState />
            <div ref={setControls} className={classes.controls} />
          </div>
          <div ref={setAlerts} />
        </header>
        <PageMain>
          <Outlet />
        </PageMain>
      </KitchenBarSlotsContext.Provider>
    </BusyModeProvider>
  );
}

function KitchenName() {
  const restaurantName = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.name });
  return <p className={classes.name}>{restaurantName ?? 'Kitchen'}</p>;
}

function BusyModeState() {
  const busyMode = useBusyMode();
  // Every 15 s, so that a pause that has run out says so on time.
  const now = useNow(15_000);
  const shown = busyMode?.shown ?? null;
  const current = shown === null ? undefined : busyModeAt(shown.busyMode, now);
  const on = current !== undefined && (current.paused || current.extraMinutes > 0);
  const label = shown !== null ? busyStaffLabel(shown.busyMode, now) : busyMode?.readFailed ? 'Busy mode could not be read' : 'Reading busy mode…';
  return <p className={on ? `${classes.busy} ${classes.busyOn}` : classes.busy}>{label}</p>;
}

function KitchenClock() {
  const now = useNow(1000);
  const time = timeOfMinutes(londonWallClock(now).minutes);
  return (
    <p className={classes.clock}>
      <VisuallyHidden>Time now </VisuallyHidden>
      <time dateTime={time}>{time}</time>
    </p>
  );
}
