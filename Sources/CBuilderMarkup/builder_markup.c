#define _GNU_SOURCE /* memrchr */
#include "gmk_builder_markup.h"

#include <string.h>

/* What an open element stands for. */
typedef enum { OPEN_OUTSIDE, OPEN_MENU, OPEN_ITEM, OPEN_SECTION, OPEN_SUBMENU, OPEN_LINK, OPEN_ATTRIBUTE } Open;

/* The elements a menu holds, told apart by their first letter and one comparison. */
typedef enum { ELEMENT_OTHER, ELEMENT_ITEM, ELEMENT_SECTION, ELEMENT_SUBMENU, ELEMENT_LINK, ELEMENT_ATTRIBUTE } Element;

/* A growing array of records or of open elements, appended to in place: a call of
   g_array_append_val per element cost a tenth of the reading. */
typedef struct {
  GMKBuilderRecord *items;
  guint len, capacity;
} Records;

typedef struct {
  Open *items;
  guint len, capacity;
} Stack;

typedef struct {
  Records records;
  Stack stack;
  GArray *outside_names;  /* const char *, the names of the open elements outside menus */
  GStringChunk *strings;
  /* The last type string found valid, as kept in `strings` (one copy of each): a menu's
     targets, mostly of one type, are checked once. */
  const char *valid_type;
  const char *xml;
  gsize length;
  /* Whether the whole text is ASCII, as most menu files are: a column is then an offset,
     without looking at the line again for each element. */
  gboolean ascii;
  /* A line GMarkup has reached, and where it starts: positions only move forward, so each
     line's start is found once, when the parser gets there (no table of every line). */
  int cursor_line;
  gsize cursor_start;
  GMarkupParseContext *context;
  GMKBuilderMarkup *result;
} Reader;

typedef struct {
  GMKBuilderMarkup markup;
  GStringChunk *strings;
} MarkupStorage;

static const char *keep(Reader *reader, const char *string) {
  return string ? g_string_chunk_insert_const(reader->strings, string) : NULL;
}

/* Eight bytes at a time: most lines are ASCII, where a column is an offset. */
static gboolean is_ascii(const char *bytes, gsize length) {
  guint64 any = 0;
  gsize i = 0;
  for (; i + 8 <= length; i += 8) {
    guint64 word;
    memcpy(&word, bytes + i, 8);
    any |= word;
  }
  for (; i < length; i++) any |= (guchar)bytes[i];
  return (any & G_GUINT64_CONSTANT(0x8080808080808080)) == 0;
}

/* Where `line` starts, moving the cursor forward to it. */
static gsize line_start(Reader *reader, int line) {
  while (reader->cursor_line < line) {
    const char *newline = memchr(reader->xml + reader->cursor_start, '\n', reader->length - reader->cursor_start);
    if (!newline) break;
    reader->cursor_start = (gsize)(newline - reader->xml) + 1;
    reader->cursor_line++;
  }
  return reader->cursor_start;
}

/* The byte offset of the `column`th character (from 1) of the line starting at `start`. */
static gsize offset_of_column(Reader *reader, gsize start, int column) {
  gsize characters = column > 0 ? (gsize)column - 1 : 0;
  if (start + characters <= reader->length && (reader->ascii || is_ascii(reader->xml + start, characters)))
    return start + characters;
  gsize offset = start;
  for (gsize i = 0; i < characters && offset < reader->length; i++) {
    offset++;
    while (offset < reader->length && ((guchar)reader->xml[offset] & 0xC0) == 0x80) offset++;
  }
  return offset;
}

/* Whether the start tag of `element` begins at `at` ('<', the name, then a space, '/' or '>')
   and ends at `end` or before: GMarkup may already be inside the next tag, or past a comment,
   and reports an empty-element tag (<item/>) at its '>'. */
static gboolean is_start_tag(Reader *reader, gsize at, gsize end, const char *element) {
  gsize length = strlen(element);
  if (reader->xml[at] != '<' || at + 1 + length >= reader->length) return FALSE;
  if (strncmp(reader->xml + at + 1, element, length) != 0) return FALSE;
  char after = reader->xml[at + 1 + length];
  if (!(after == ' ' || after == '\t' || after == '\n' || after == '\r' || after == '/' || after == '>')) return FALSE;
  return memchr(reader->xml + at, '>', MIN(end + 1, reader->length) - at) != NULL;
}

/* The start tag's '<': GMarkup gives a start element's position once past what follows its '>'
   (inside the next tag when one follows at once). */
static void start_position(Reader *reader, const char *element, int *line, int *column) {
  int current_line = 0, current_column = 0;
  g_markup_parse_context_get_position(reader->context, &current_line, &current_column);
  *line = current_line;
  *column = current_column;
  if (current_line < 1) return;
  gsize line_begin = line_start(reader, current_line);
  if (reader->cursor_line != current_line) return;
  gsize offset = MIN(offset_of_column(reader, line_begin, current_column), reader->length);
  gsize start = MIN(offset > 0 ? offset - 1 : 0, reader->length - 1);
  /* From '<' to '<' backwards (memrchr), not byte by byte. */
  while (start > 0 && !is_start_tag(reader, start, offset, element)) {
    const char *previous = memrchr(reader->xml, '<', start);
    start = previous ? (gsize)(previous - reader->xml) : 0;
  }
  /* A tag written over several lines: back to the line of its '<'. */
  int start_line = current_line;
  if (start < line_begin) {
    for (gsize i = start; i < line_begin; i++)
      if (reader->xml[i] == '\n') start_line--;
    line_begin = start;
    while (line_begin > 0 && reader->xml[line_begin - 1] != '\n') line_begin--;
  }
  *line = start_line;
  if (reader->ascii || is_ascii(reader->xml + line_begin, start - line_begin)) {
    *column = (int)(start - line_begin) + 1;
    return;
  }
  int characters = 0;
  for (gsize i = line_begin; i < start; i++)
    if (((guchar)reader->xml[i] & 0xC0) != 0x80) characters++;
  *column = characters + 1;
}

static void fail(Reader *reader, GError **error, int line, int column, char *message) {
  if (!reader->result->error_message) {
    reader->result->error_message = message;
    reader->result->error_line = line;
    reader->result->error_column = column;
  } else {
    g_free(message);
  }
  g_set_error_literal(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, reader->result->error_message);
}

/* g_markup_collect_attributes' checks, without its varargs, in one pass: every attribute is one
   of the allowed names (its value goes to the same place in `collected`, the first one given),
   and the required one, the first allowed, is there when `requires_first`. */
static gboolean collect_attributes(Reader *reader, GError **error, const char *element, const char **names,
                                   const char **values, const char *const *allowed, const char **collected,
                                   gboolean requires_first, int line, int column) {
  for (int i = 0; names[i]; i++) {
    int j = 0;
    while (allowed[j] && (names[i][0] != allowed[j][0] || strcmp(names[i], allowed[j]) != 0)) j++;
    if (!allowed[j]) {
      fail(reader, error, line, column, g_strdup_printf("attribute '%s' invalid for element '%s'", names[i], element));
      return FALSE;
    }
    if (!collected[j]) collected[j] = values[i];
  }
  if (requires_first && !collected[0]) {
    fail(reader, error, line, column, g_strdup_printf("element '%s' requires attribute '%s'", element, allowed[0]));
    return FALSE;
  }
  return TRUE;
}

static const char *value_of(const char **names, const char **values, const char *name) {
  for (int i = 0; names[i]; i++)
    if (strcmp(names[i], name) == 0) return values[i];
  return NULL;
}

/* The names menus use most, as static strings with their kind: no copy, and no string to make
   on the Swift side. */
static const char *const known_names[GMK_BUILDER_NAME_COUNT] = {
  [GMK_BUILDER_NAME_OTHER] = NULL,
  [GMK_BUILDER_NAME_LABEL] = "label",
  [GMK_BUILDER_NAME_ACTION] = "action",
  [GMK_BUILDER_NAME_TARGET] = "target",
  [GMK_BUILDER_NAME_ACCEL] = "accel",
  [GMK_BUILDER_NAME_HIDDEN_WHEN] = "hidden-when",
  [GMK_BUILDER_NAME_ICON] = "icon",
  [GMK_BUILDER_NAME_VERB_ICON] = "verb-icon",
  [GMK_BUILDER_NAME_SECTION] = "section",
  [GMK_BUILDER_NAME_SUBMENU] = "submenu",
};

static const char *keep_name(Reader *reader, const char *name, GMKBuilderName *kind) {
  for (int i = 1; i < GMK_BUILDER_NAME_COUNT; i++)
    if (name[0] == known_names[i][0] && strcmp(name, known_names[i]) == 0) {
      *kind = (GMKBuilderName)i;
      return known_names[i];
    }
  *kind = GMK_BUILDER_NAME_OTHER;
  return keep(reader, name);
}

static Element element_of(const char *name) {
  switch (name[0]) {
    case 'i': return strcmp(name, "item") == 0 ? ELEMENT_ITEM : ELEMENT_OTHER;
    case 'a': return strcmp(name, "attribute") == 0 ? ELEMENT_ATTRIBUTE : ELEMENT_OTHER;
    case 's': return strcmp(name, "section") == 0 ? ELEMENT_SECTION : strcmp(name, "submenu") == 0 ? ELEMENT_SUBMENU : ELEMENT_OTHER;
    case 'l': return strcmp(name, "link") == 0 ? ELEMENT_LINK : ELEMENT_OTHER;
    default: return ELEMENT_OTHER;
  }
}

/* A true or false value as G_MARKUP_COLLECT_BOOLEAN reads one (g_markup_parse_boolean, which
   GtkBuilder's menus use for translatable): -1 for neither. "yes" first, which menus write. */
static int boolean_value(const char *text) {
  if (!g_ascii_strcasecmp(text, "yes") || !g_ascii_strcasecmp(text, "true") || !g_ascii_strcasecmp(text, "t") ||
      !g_ascii_strcasecmp(text, "y") || !strcmp(text, "1"))
    return 1;
  if (!g_ascii_strcasecmp(text, "no") || !g_ascii_strcasecmp(text, "false") || !g_ascii_strcasecmp(text, "f") ||
      !g_ascii_strcasecmp(text, "n") || !strcmp(text, "0"))
    return 0;
  return -1;
}

static void push(Reader *reader, Open open) {
  Stack *stack = &reader->stack;
  if (stack->len == stack->capacity) stack->items = g_renew(Open, stack->items, stack->capacity = MAX(16, stack->capacity * 2));
  stack->items[stack->len++] = open;
}

static Open top_of(Reader *reader) { return reader->stack.len ? reader->stack.items[reader->stack.len - 1] : OPEN_OUTSIDE; }

static void add(Reader *reader, const GMKBuilderRecord *record) {
  Records *records = &reader->records;
  if (records->len == records->capacity)
    records->items = g_renew(GMKBuilderRecord, records->items, records->capacity = MAX(256, records->capacity * 2));
  records->items[records->len++] = *record;
}

static const char *open_name(Reader *reader, Open open) {
  switch (open) {
    case OPEN_MENU: return "menu";
    case OPEN_ITEM: return "item";
    case OPEN_SECTION: return "section";
    case OPEN_SUBMENU: return "submenu";
    case OPEN_LINK: return "link";
    case OPEN_ATTRIBUTE: return "attribute";
    case OPEN_OUTSIDE:
    default:
      return reader->outside_names->len
        ? g_array_index(reader->outside_names, const char *, reader->outside_names->len - 1) : "";
  }
}

static void start_element(GMarkupParseContext *context, const char *element, const char **names,
                          const char **values, gpointer data, GError **error) {
  Reader *reader = data;
  Open top = top_of(reader);
  gboolean at_top = reader->stack.len == 0;
  /* Outside menus (most of a window's file) nothing is kept. */
  if (top == OPEN_OUTSIDE && strcmp(element, "menu") != 0) {
    if (at_top && strcmp(element, "interface") == 0) reader->result->domain = keep(reader, value_of(names, values, "domain"));
    push(reader, OPEN_OUTSIDE);
    const char *name = g_string_chunk_insert_const(reader->strings, element);
    g_array_append_val(reader->outside_names, name);
    return;
  }
  GMKBuilderRecord record = { 0 };
  start_position(reader, element, &record.line, &record.column);
  if (top == OPEN_OUTSIDE) {
    /* GTK 4.8 wants an id; newer GTK reads a menu without one as a property's value. */
    const char *parent = reader->outside_names->len
      ? g_array_index(reader->outside_names, const char *, reader->outside_names->len - 1) : "";
    static const char *const allowed[] = { "id", NULL };
    const char *collected[1] = { NULL };
    if (!collect_attributes(reader, error, element, names, values, allowed, collected, strcmp(parent, "property") != 0,
                            record.line, record.column)) return;
    record.kind = GMK_BUILDER_MENU;
    record.id = keep(reader, collected[0]);
    add(reader, &record);
    push(reader, OPEN_MENU);
    return;
  }
  gboolean holds_items = top == OPEN_MENU || top == OPEN_LINK || top == OPEN_SECTION || top == OPEN_SUBMENU;
  gboolean is_item = top == OPEN_ITEM || top == OPEN_SECTION || top == OPEN_SUBMENU;
  Element kind = element_of(element);
  if (holds_items && kind == ELEMENT_ITEM) {
    static const char *const allowed[] = { NULL };
    if (!collect_attributes(reader, error, element, names, values, allowed, NULL, FALSE, record.line, record.column)) return;
    record.kind = GMK_BUILDER_ITEM;
    add(reader, &record);
    push(reader, OPEN_ITEM);
    return;
  }
  if (holds_items && (kind == ELEMENT_SECTION || kind == ELEMENT_SUBMENU)) {
    static const char *const allowed[] = { "id", NULL };
    const char *collected[1] = { NULL };
    if (!collect_attributes(reader, error, element, names, values, allowed, collected, FALSE, record.line, record.column)) return;
    gboolean section = kind == ELEMENT_SECTION;
    record.kind = section ? GMK_BUILDER_SECTION : GMK_BUILDER_SUBMENU;
    record.id = keep(reader, collected[0]);
    add(reader, &record);
    push(reader, section ? OPEN_SECTION : OPEN_SUBMENU);
    return;
  }
  if (is_item && kind == ELEMENT_ATTRIBUTE) {
    static const char *const allowed[] = { "name", "translatable", "context", "comments", "type", NULL };
    const char *collected[5] = { NULL };
    if (!collect_attributes(reader, error, element, names, values, allowed, collected, TRUE, record.line, record.column)) return;
    const char *translatable = collected[1];
    if (translatable) {
      int value = boolean_value(translatable);
      if (value < 0) {
        fail(reader, error, record.line, record.column,
             g_strdup_printf("could not parse '%s' as a boolean for attribute 'translatable' of element 'attribute'", translatable));
        return;
      }
      record.translatable = value;
    }
    /* Kept before it is checked: the kept copy is the same for the same text. */
    const char *type = keep(reader, collected[4]);
    if (type && type != reader->valid_type) {
      if (!g_variant_type_string_is_valid(type)) {
        fail(reader, error, record.line, record.column, g_strdup_printf("Invalid GVariant type string '%s'", type));
        return;
      }
      reader->valid_type = type;
    }
    record.kind = GMK_BUILDER_ATTRIBUTE;
    record.name = keep_name(reader, collected[0], &record.name_kind);
    record.type = type;
    record.context = keep(reader, collected[2]);
    record.comments = keep(reader, collected[3]);
    add(reader, &record);
    push(reader, OPEN_ATTRIBUTE);
    return;
  }
  if (is_item && kind == ELEMENT_LINK) {
    static const char *const allowed[] = { "name", "id", NULL };
    const char *collected[2] = { NULL };
    if (!collect_attributes(reader, error, element, names, values, allowed, collected, TRUE, record.line, record.column)) return;
    record.kind = GMK_BUILDER_LINK;
    record.name = keep_name(reader, collected[0], &record.name_kind);
    record.id = keep(reader, collected[1]);
    add(reader, &record);
    push(reader, OPEN_LINK);
    return;
  }
  fail(reader, error, record.line, record.column,
       g_strdup_printf("Element <%s> not allowed inside <%s>", element, open_name(reader, top)));
}

static void end_element(GMarkupParseContext *context, const char *element, gpointer data, GError **error) {
  Reader *reader = data;
  if (!reader->stack.len) return;
  Open top = reader->stack.items[--reader->stack.len];
  if (top == OPEN_OUTSIDE) {
    g_array_set_size(reader->outside_names, reader->outside_names->len - 1);
    return;
  }
  /* An attribute's record closes itself (no END: a menu's records are then 7 an item rather
     than 12); its text is already in it. */
  if (top == OPEN_ATTRIBUTE) return;
  GMKBuilderRecord end = { .kind = GMK_BUILDER_END };
  add(reader, &end);
}

static void text(GMarkupParseContext *context, const char *text, gsize length, gpointer data, GError **error) {
  Reader *reader = data;
  /* As GtkBuilder: text of spaces alone is ignored anywhere; other text only fills an attribute. */
  gsize i = 0;
  while (i < length && g_ascii_isspace(text[i])) i++;
  if (i == length) return;
  Open top = top_of(reader);
  if (top == OPEN_ATTRIBUTE) {
    /* The attribute's record is the last one: nothing opens inside an attribute. Its text
       comes in one piece but around a comment or a CDATA section, and goes straight to the
       kept strings (a GString between cost 5 M instructions of a 10,000-item import). */
    GMKBuilderRecord *attribute = &reader->records.items[reader->records.len - 1];
    if (!attribute->value) {
      attribute->value = g_string_chunk_insert_len(reader->strings, text, (gssize)length);
    } else {
      GString *joined = g_string_new(attribute->value);
      g_string_append_len(joined, text, (gssize)length);
      attribute->value = g_string_chunk_insert_len(reader->strings, joined->str, (gssize)joined->len);
      g_string_free(joined, TRUE);
    }
  } else if (top != OPEN_OUTSIDE) {
    int line = 0, column = 0;
    g_markup_parse_context_get_position(context, &line, &column);
    fail(reader, error, line, column, g_strdup_printf("Text may not appear inside <%s>", open_name(reader, top)));
  }
}

GMKBuilderMarkup *gmk_builder_markup_parse(const char *xml, gssize length) {
  MarkupStorage *storage = g_new0(MarkupStorage, 1);
  Reader reader = { 0 };
  reader.outside_names = g_array_new(FALSE, FALSE, sizeof(const char *));
  reader.strings = storage->strings = g_string_chunk_new(4096);
  reader.xml = xml;
  reader.length = length < 0 ? strlen(xml) : (gsize)length;
  reader.ascii = is_ascii(xml, reader.length);
  reader.cursor_line = 1;
  /* Room for a record per 24 bytes of XML, which a menu file's records never reach (a
     10,000-item menu: one per 50 bytes): they never move. Only what the records fill is touched
     (a 1 MB window file without menus: 3 MB reserved, nothing written). Clamped at 65,536
     records, a 10,000-item menu's moved 5.2 MB once. Read in slices of the text, their room
     used again so that it stays in cache, they cost the same and were no faster (Performance). */
  reader.records.capacity = MAX(reader.length / 24, 256);
  reader.records.items = g_new(GMKBuilderRecord, reader.records.capacity);
  reader.result = &storage->markup;

  static const GMarkupParser parser = { start_element, end_element, text, NULL, NULL };
  reader.context = g_markup_parse_context_new(&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &reader, NULL);
  GError *error = NULL;
  if (!g_markup_parse_context_parse(reader.context, xml, (gssize)reader.length, &error) ||
      !g_markup_parse_context_end_parse(reader.context, &error)) {
    if (!storage->markup.error_message) {
      int line = 0, column = 0;
      g_markup_parse_context_get_position(reader.context, &line, &column);
      storage->markup.error_message = g_strdup(error ? error->message : "the XML cannot be read");
      storage->markup.error_line = line;
      storage->markup.error_column = column;
    }
  }
  g_clear_error(&error);
  g_markup_parse_context_free(reader.context);
  storage->markup.n_records = reader.records.len;
  storage->markup.records = reader.records.items;
  g_free(reader.stack.items);
  g_array_free(reader.outside_names, TRUE);
  return &storage->markup;
}

void gmk_builder_markup_free(GMKBuilderMarkup *markup) {
  if (!markup) return;
  MarkupStorage *storage = (MarkupStorage *)markup;
  g_free(markup->records);
  g_free(markup->error_message);
  g_string_chunk_free(storage->strings);
  g_free(storage);
}
