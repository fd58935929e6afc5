// Preloaded (--import) into a server run with --cpu-prof. Nest's shutdown hook closes
// the app on SIGTERM and then raises SIGTERM again to die by the signal, and a process
// killed by a signal never writes its CPU profile. While this listener is attached the
// second SIGTERM does not kill; it exits normally instead, which writes the profile.
let closing = false;
process.on('SIGTERM', () => {
  if (closing) process.exit(0);
  closing = true;
});
