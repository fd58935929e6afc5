import type { DocumentView } from '@docent/common/documents';
import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '~/connection/connection-context';
import { addDocumentActivity, type DocumentActivity } from './document-activity';
import { mergeDocumentMessage, parseDocumentMessage } from './document-live-rows';
import { createThrottle } from './throttle';

/** The socket event and channel the server pushes document changes on. */
export const DOCUMENTS_CHANNEL = 'documents';
/** The spec's documents and stats polling, used only while no socket pushes them. */
export const DOCUMENTS_POLL_MS = 30_000;
/** A burst of pushes (a batch upload going through the pipeline) costs at most one reload a second. */
const REFETCH_INTERVAL_MS = 1000;

export interface DocumentLiveUpdates {
  /** The loader's rows with every push since applied. */
  rows: DocumentView[];
  /** Newest first. */
  activities: DocumentActivity[];
  /** Asks the server for the list and stats again, throttled. */
  refresh: () => void;
}

/**
 * Keeps the Documents page current while it is open: follows the socket's documents
 * channel (rows updated in place, the loader asked again when the list or the stats
 * may have changed), and polls every 30 s while the socket is not live.
 */
export function useDocumentLiveUpdates(
  serverRows: DocumentView[],
  { pollAlways }: { pollAlways: boolean },
): DocumentLiveUpdates {
  const { socket, status } = useConnection();
  // The router's own method: the same function for the life of the page.
  const { revalidate } = useRevalidator();

  const throttle = useMemo(() => createThrottle(revalidate, REFETCH_INTERVAL_MS), [revalidate]);
  useEffect(() => () => throttle.cancel(), [throttle]);
  const refresh = useCallback(() => throttle.call(), [throttle]);

  // A new load replaces the rows, pushes included.
  const [rows, setRows] = useState(serverRows);
  const [loadedRows, setLoadedRows] = useState(serverRows);
  if (loadedRows !== serverRows) {
    setLoadedRows(serverRows);
    setRows(serverRows);
  }
  // The pushes merge into the newest rows synchronously, even two in one tick.
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);

  const [activities, setActivities] = useState<DocumentActivity[]>([]);
  const activityCounter = useRef(0);
  // The words of the language at the time of the push, without joining the channel again when it changes.
  const { t } = useTranslation('documents');
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  useEffect(() => {
    if (!socket) return;
    const onDocuments = (payload: unknown) => {
      const message = parseDocumentMessage(payload);
      if (!message) return;
      activityCounter.current += 1;
      const key = `activity-${activityCounter.current}`;
      setActivities((current) => addDocumentActivity(current, message, key, tRef.current));
      const merged = mergeDocumentMessage(rowsRef.current, message);
      rowsRef.current = merged.rows;
      setRows(merged.rows);
      if (merged.refetch) throttle.call();
    };
    socket.on(DOCUMENTS_CHANNEL, onDocuments);
    // socket.io buffers the emit until this attempt connects; every attempt is a new socket, so this runs again.
    socket.emit('subscribe', { channel: DOCUMENTS_CHANNEL });
    return () => {
      socket.off(DOCUMENTS_CHANNEL, onDocuments);
      if (socket.connected) socket.emit('unsubscribe', { channel: DOCUMENTS_CHANNEL });
    };
  }, [socket, throttle]);

  const live = status === 'live';
  // Pushes sent while the socket was down are lost: catch up once it is back.
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) throttle.call();
    wasLive.current = live;
  }, [live, throttle]);

  useEffect(() => {
    if (live && !pollAlways) return;
    const timer = setInterval(revalidate, DOCUMENTS_POLL_MS);
    return () => clearInterval(timer);
  }, [live, pollAlways, revalidate]);

  return { rows, activities, refresh };
}
