// GMenuKit's public API speaks GTK's types (`UnsafeMutablePointer<GtkWidget>`), and an app
// places GMenuKit's widgets with GTK's own calls: `import GMenuKit` brings GTK's C API (the
// CGtk module: gtk.h and GMenuKit's small `gmk_*` casts) with it.
@_exported import CGtk
