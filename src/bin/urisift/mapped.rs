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
//! - **Only what gains is mapped**: regular files of at least [`MAP_MIN`] bytes, read on one
//!   thread (`Run::scan`). For smaller ones the map's set-up and page faults cost more than
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

/// `file` mapped whole when it is a regular file of at least [`MAP_MIN`] bytes and the system
/// maps it; `None` when it should be read instead.
#[cfg(unix)]
pub fn map(file: &File) -> io::Result<Option<Mapped>> {
    let meta = file.metadata()?;
    if !meta.is_file() || meta.len() < MAP_MIN {
        return Ok(None);
    }
    say_why_on_sigbus();
    // SAFETY: the bytes are taken not to change while mapped (the module's contract); a file
    // that shrinks raises SIGBUS, which `say_why_on_sigbus` turns into a message and an exit.
    let Ok(map) = (unsafe { memmap2::Mmap::map(file) }) else { return Ok(None) };
    // Read front to back: the kernel may read ahead further and drop pages behind. Only a hint.
    let _ = map.advise(memmap2::Advice::Sequential);
    Ok(Some(Mapped { map }))
}

/// Without memory maps: every file is read.
#[cfg(not(unix))]
pub fn map(_file: &File) -> io::Result<Option<Mapped>> {
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

    /// A large regular file is mapped and reads as its bytes; a small one is not mapped.
    #[test]
    fn large_files_are_mapped_small_ones_read() {
        let dir = std::env::temp_dir().join(format!("urisift-mapped-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (big, small) = (dir.join("big"), dir.join("small"));
        let bytes: Vec<u8> = (0..MAP_MIN as usize + 3).map(|i| (i % 251) as u8).collect();
        File::create(&big).unwrap().write_all(&bytes).unwrap();
        File::create(&small).unwrap().write_all(b"http://a.example/").unwrap();
        let mapped = map(&File::open(&big).unwrap()).unwrap().expect("mapped");
        assert!(*mapped == bytes[..]);
        assert!(map(&File::open(&small).unwrap()).unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
