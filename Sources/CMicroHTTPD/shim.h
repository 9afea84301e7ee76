// libmicrohttpd, the preview server's HTTP. MHD_start_daemon is variadic,
// which Swift cannot call: the wrapper below starts a daemon on a socket
// already listening, with the options duosite uses, in one call.
#include <microhttpd.h>

/// A daemon with its own polling thread and a thread per connection (a
/// live-reload stream may wait in its reader), serving `listener`, at most
/// `connections` at once and `perAddress` from one address, each closed
/// after `idleSeconds` without traffic and holding at most `memory` bytes
/// of request; strict about the protocol (an HTTP/1.1 request with no
/// Host refused: MHD_OPTION_STRICT_FOR_CLIENT, libmicrohttpd 0.9.75's
/// form of its later client discipline level); URLs left undecoded
/// (`unescape` returns its input's length) so that the handler sees the
/// path as sent; `notify` told of each connection as it starts and ends.
static inline struct MHD_Daemon *duosite_start_daemon(int listener, unsigned int connections, unsigned int perAddress, unsigned int idleSeconds, size_t memory, MHD_AccessHandlerCallback handler, void *context, size_t (*unescape)(void *, struct MHD_Connection *, char *), MHD_NotifyConnectionCallback notify) {
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ITC, 0, NULL, NULL, handler, context, MHD_OPTION_LISTEN_SOCKET, listener, MHD_OPTION_CONNECTION_LIMIT, connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddress, MHD_OPTION_CONNECTION_TIMEOUT, idleSeconds, MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory, MHD_OPTION_STRICT_FOR_CLIENT, (int)1, MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL, MHD_OPTION_NOTIFY_CONNECTION, notify, context, MHD_OPTION_END);
}

/// The socket of a connection, for closing one that keeps its request waiting.
static inline int duosite_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
