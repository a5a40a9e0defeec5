import Testing
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// The page's files: regular files under the directory, never through a link.
struct AssetDirectoryTests {
    /// A directory `assets` with files, links and a FIFO, beside `outside` with a secret.
    private final class Fixture {
        let root: String
        var assets: String { root + "/assets" }

        init() {
            var template = Array("/tmp/segue-assets.XXXXXX".utf8CString)
            root = String(cString: mkdtemp(&template)!)
            for directory in ["/assets", "/assets/js", "/outside"] { mkdir(root + directory, 0o700) }
            write("/assets/index.html", "<!doctype html>")
            write("/assets/js/main.js", "export {}")
            write("/outside/secret.txt", "not for pages")
            symlink(root + "/outside/secret.txt", root + "/assets/secret.txt")
            symlink(root + "/outside", root + "/assets/linked")
            symlink(root + "/assets/index.html", root + "/assets/inside.html")
            mkfifo(root + "/assets/pipe", 0o600)
        }

        private func write(_ path: String, _ text: String) {
            let fd = open(root + path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }

        deinit {
            for path in [
                "/assets/js/main.js", "/assets/index.html", "/assets/secret.txt", "/assets/linked",
                "/assets/inside.html", "/assets/pipe", "/outside/secret.txt",
            ] { unlink(root + path) }
            for directory in ["/assets/js", "/assets", "/outside", ""] { rmdir(root + directory) }
        }
    }

    @Test func servesRegularFilesWithTheirContentTypes() throws {
        let fixture = Fixture()
        let assets = try AssetDirectory(path: fixture.assets)
        let index = assets.file(at: "/")
        #expect(index.map { String(decoding: $0.bytes, as: UTF8.self) } == "<!doctype html>")
        #expect(index?.contentType == "text/html; charset=utf-8")
        #expect(assets.file(at: "/js/main.js")?.contentType == "text/javascript; charset=utf-8")
        #expect(assets.file(at: "/index.html")?.bytes == index?.bytes)
    }

    @Test func refusesLinksDirectoriesFIFOsAndDotComponents() throws {
        let fixture = Fixture()
        let assets = try AssetDirectory(path: fixture.assets)
        for path in [
            "/secret.txt", "/linked/secret.txt", "/inside.html", "/pipe", "/js", "/js/", "/../outside/secret.txt",
            "/js/../index.html", "/./index.html", "//index.html", "index.html", "/missing",
        ] {
            #expect(assets.file(at: path) == nil, "\(path)")
        }
    }

    @Test func aMissingDirectoryIsAnErrorThatNamesIt() {
        #expect(throws: WebSocketError.self) { try AssetDirectory(path: "/nonexistent/assets") }
    }

    @Test func theErrorKeepsTheSystemCallsErrno() {
        do throws(WebSocketError) {
            _ = try AssetDirectory(path: "/nonexistent/assets")
            Issue.record("opened a directory that does not exist")
        } catch {
            #expect(error.errno == ENOENT)
            #expect(error.context == "cannot open the page's directory /nonexistent/assets")
            #expect(error.description == "\(error.context): \(String(cString: strerror(ENOENT)))")
        }
    }
}
