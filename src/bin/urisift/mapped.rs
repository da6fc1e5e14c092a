//! Large files read through a memory map (issue 22), the only `unsafe` code of urisift.
//!
//! On text with few URIs the scan costs less than copying the text out of the page cache:
//! 64 MiB of prose take about 10 ms to read in 64 KiB blocks before anything is scanned, and a
//! map takes most of that off (`PERFORMANCE.md`, "A memory map for large files"). This is the
//! contract under which a file is mapped:
//!
//! - **The bytes do not change while they are read.** The map is scanned as a `&[u8]`, which
//!   Rust takes not to change while it is borrowed. A file that another process rewrites
//!   during the scan breaks that: the scan reads some mix of old and new bytes, as a run of
//!   `read` calls would, but a map makes it undefined behaviour in principle. As ripgrep does
//!   with the files it maps, urisift assumes that a file it is given is not rewritten while it
//!   reads it; `--no-mmap` reads files with `read` calls, for files that may be.
//! - **A file that shrinks ends the scan with a message.** Reading a page of a map past the
//!   file's new end raises SIGBUS (a log rotated with `copytruncate` while it is read). The
//!   first [`map`] installs a handler that writes what happened and what to do (`--no-mmap`)
//!   to standard error and ends the process with status 2, rather than letting the signal end
//!   it with no word.
//! - **A file in the page cache is mapped at once.** Each page fault on a map maps a few pages;
//!   when the file's pages are already in memory, one `MADV_POPULATE_READ` maps them all in
//!   one call ([`populate_if_cached`]). A file that is not (read for the first time since it
//!   was written out) is left to the faults, which read it ahead as the scan goes: populating
//!   it would read the whole file before the scan starts.
//! - **Only what gains is mapped**: regular files of at least [`MAP_MIN`] bytes, read on one
//!   thread (`extract::scan`). For smaller ones the map's set-up and page faults cost more than
//!   the copy saves; standard input, pipes and devices are read, and so are the ranges that
//!   `-j` cuts a large file into (each thread reads its own).

#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::ops::Deref;

/// The smallest file mapped.
pub const MAP_MIN: u64 = 1 << 20;

/// A file's bytes, mapped.
pub struct Mapped {
    #[cfg(unix)]
    map: memmap2::Mmap,
}

impl Deref for Mapped {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        #[cfg(unix)]
        return &self.map;
        #[cfg(not(unix))]
        return &[];
    }
}

/// `file` mapped whole when it is a regular file of at least [`MAP_MIN`] bytes, the system
/// maps it, and `in_place` says its first 16 bytes (at most) are to be read in place (a
/// compressed file is read through its decoder: it is not populated for nothing); `None` when
/// it should be read instead.
#[cfg(unix)]
pub fn map(file: &File, in_place: impl FnOnce(&[u8]) -> bool) -> io::Result<Option<Mapped>> {
    let meta = file.metadata()?;
    if !meta.is_file() || meta.len() < MAP_MIN {
        return Ok(None);
    }
    say_why_on_sigbus();
    // SAFETY: the bytes are taken not to change while mapped (the module's contract); a file
    // that shrinks raises SIGBUS, which `say_why_on_sigbus` turns into a message and an exit.
    let Ok(map) = (unsafe { memmap2::Mmap::map(file) }) else { return Ok(None) };
    if !in_place(&map[..map.len().min(16)]) {
        return Ok(None);
    }
    // Read front to back: the kernel may read ahead further and drop pages behind. Only a hint.
    let _ = map.advise(memmap2::Advice::Sequential);
    populate_if_cached(&map);
    Ok(Some(Mapped { map }))
}

/// How many pages [`populate_if_cached`] asks about.
#[cfg(target_os = "linux")]
const SAMPLES: usize = 32;

/// Maps all of `map` at once (`MADV_POPULATE_READ`, Linux 5.14) when its file is in the page
/// cache, as far as [`SAMPLES`] pages spread evenly over it tell (`mincore`): asking about
/// every page takes about as long as the faults the call saves. A file partly in memory may
/// be taken for one in memory: then the call reads its missing pages before the scan, as the
/// faults would during it. Errors (an older kernel) leave the map as it is; a hint only.
#[cfg(target_os = "linux")]
fn populate_if_cached(map: &memmap2::Mmap) {
    // SAFETY: `sysconf` reads a constant of the system.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(0);
    if page == 0 || map.is_empty() {
        return;
    }
    let pages = map.len().div_ceil(page);
    let cached = (0..SAMPLES).all(|k| {
        let offset = pages * k / SAMPLES * page;
        let mut state = 0u8;
        // SAFETY: `offset` is a multiple of the page size below the map's length (`pages * k /
        // SAMPLES < pages`), so the address is page-aligned and inside the map, which starts
        // on a page; `mincore` writes one byte, for the one page asked about, into `state`.
        let rc = unsafe { libc::mincore(map.as_ptr().add(offset).cast_mut().cast(), 1, &mut state) };
        rc == 0 && state & 1 != 0
    });
    if cached {
        let _ = map.advise(memmap2::Advice::PopulateRead);
    }
}

/// Other systems: the pages are mapped as the scan faults on them.
#[cfg(all(unix, not(target_os = "linux")))]
fn populate_if_cached(_map: &memmap2::Mmap) {}

/// Without memory maps: every file is read.
#[cfg(not(unix))]
pub fn map(_file: &File, _in_place: impl FnOnce(&[u8]) -> bool) -> io::Result<Option<Mapped>> {
    Ok(None)
}

/// Installs, once, a SIGBUS handler that says that a mapped file shrank while it was read and
/// ends the process with status 2. The handler calls only `write` and `_exit`, which are safe
/// in a signal handler (POSIX async-signal-safe functions).
#[cfg(unix)]
fn say_why_on_sigbus() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    extern "C" fn handler(_signal: libc::c_int) {
        const MESSAGE: &[u8] =
            b"urisift: error: a file shrank while it was read through a memory map (SIGBUS); \
              the output may be incomplete; read such files with --no-mmap\n";
        // SAFETY: `write` of a static buffer and `_exit` are async-signal-safe.
        unsafe {
            libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
            libc::_exit(2);
        }
    }
    ONCE.call_once(|| {
        // SAFETY: a zeroed `sigaction` is a valid value (no flags, an empty mask before
        // `sigemptyset`); the handler is an `extern "C" fn(c_int)`, as `sa_sigaction` without
        // `SA_SIGINFO` wants; the previous action is not asked for.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
        }
    });
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Write;

    /// A directory for one test, removed when dropped, whether the test passes or not.
    struct TempDir(std::path::PathBuf);

    impl TempDir {
        fn new(test: &str) -> Self {
            let path = std::env::temp_dir().join(format!("urisift-{test}-{}", std::process::id()));
            std::fs::create_dir_all(&path).unwrap();
            TempDir(path)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A large regular file is mapped and reads as its bytes; a small one is not mapped.
    #[test]
    fn large_files_are_mapped_small_ones_read() {
        let temp = TempDir::new("mapped");
        let dir = &temp.0;
        let (big, small) = (dir.join("big"), dir.join("small"));
        let bytes: Vec<u8> = (0..MAP_MIN as usize + 3).map(|i| (i % 251) as u8).collect();
        File::create(&big).unwrap().write_all(&bytes).unwrap();
        File::create(&small).unwrap().write_all(b"http://a.example/").unwrap();
        let mapped = map(&File::open(&big).unwrap(), |_| true).unwrap().expect("mapped");
        assert!(*mapped == bytes[..]);
        assert!(map(&File::open(&small).unwrap(), |_| true).unwrap().is_none());
        // What its first bytes say is read otherwise (a compressed file) is not mapped.
        let mut head = None;
        let refused = map(&File::open(&big).unwrap(), |h| {
            head = Some(h.to_vec());
            false
        });
        assert!(refused.unwrap().is_none());
        assert_eq!(head.as_deref(), Some(&bytes[..16]));
    }

    /// The resident size of the mapping that starts at `start`, from `/proc/self/smaps`.
    #[cfg(target_os = "linux")]
    fn resident_kib(start: *const u8) -> Option<u64> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let head = format!("{:x}-", start as usize);
        let mut lines = smaps.lines().skip_while(|line| !line.starts_with(&head)).skip(1);
        let rss = lines.find(|line| line.starts_with("Rss:"))?;
        rss.split_whitespace().nth(1)?.parse().ok()
    }

    /// A file just written is in the page cache: its map is populated before any byte of it
    /// is read, all of its pages resident at once.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_in_the_page_cache_is_mapped_at_once() {
        if !memmap2::Advice::PopulateRead.is_supported() {
            eprintln!("skipped: this kernel has no MADV_POPULATE_READ (Linux 5.14)");
            return;
        }
        let temp = TempDir::new("populate");
        let dir = &temp.0;
        let path = dir.join("cached");
        let len = 4 * MAP_MIN as usize;
        File::create(&path).unwrap().write_all(&vec![b'a'; len]).unwrap();
        let mapped = map(&File::open(&path).unwrap(), |_| true).unwrap().expect("mapped");
        let kib = resident_kib(mapped.as_ptr()).expect("the map in smaps");
        // Without the call, none of it would be resident before it is read.
        assert_eq!(kib, len as u64 / 1024, "resident KiB of a {len}-byte map");
        assert!(mapped.iter().all(|&b| b == b'a'));
        drop(mapped);
    }
}
